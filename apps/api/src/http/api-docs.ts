import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

/**
 * The OpenAPI page (`/api/docs`, its JSON at `/api/docs/json`), built from the
 * contracts' routes — so it must be registered before them. Only when the
 * configuration asks for it (decision 0064: off by default in production);
 * off, the paths are unknown routes (404) and no route is even described.
 */
export async function registerApiDocs(app: FastifyInstance, config: Pick<Config, 'apiDocs' | 'version'>) {
  if (!config.apiDocs) return;
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Jornada API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
