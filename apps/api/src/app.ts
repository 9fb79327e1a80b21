import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import '@jornada/contracts/zod-locale';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Deps } from './deps.js';
import { registerErrorHandling, registerNotFound } from './http/errors.js';
import { endpointRoute } from './http/endpoint-route.js';
import { responseSerializer } from './http/serializer.js';
import { systemClock, type Clock } from './shared/clock.js';
import { createMailer, type Mailer } from './shared/mailer.js';
import { VersionedCache } from './shared/versioned-cache.js';
import { loginRoutes } from './modules/login/login.routes.js';
import { cargosRoutes } from './modules/cargos/cargos.routes.js';
import { noticiasRoutes } from './modules/noticias/noticias.routes.js';

export interface BuildOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  logger?: boolean | object;
}

/** Registers plugins, then every module (architecture §1). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Behind a load balancer the client address comes from X-Forwarded-For.
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(opts.config.validateResponses));
  registerErrorHandling(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Jornada API', version: opts.config.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const clock = opts.clock ?? systemClock;
  const deps: Deps = {
    db: opts.db,
    clock,
    config: opts.config,
    log: app.log,
    listCache: new VersionedCache(),
    mailer:
      opts.mailer ??
      createMailer({ db: opts.db, clock, log: app.log, smtp: opts.config.smtp, from: opts.config.mailFrom }),
  };
  const router = endpointRoute({ app, db: opts.db, clock });
  loginRoutes(router, deps);
  cargosRoutes(router, deps);
  noticiasRoutes(router, deps);

  const webDist = opts.config.webDist;
  const spa = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (spa) await app.register(fastifyStatic, { root: webDist, wildcard: false });
  registerNotFound(app, spa);
  return app;
}
