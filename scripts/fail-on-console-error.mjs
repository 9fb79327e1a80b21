/**
 * vitest setupFiles for the api and the packages: a `console.error` during a
 * test fails that test. An error logged and swallowed (a catch that only
 * prints, a rejected promise someone logs) is a defect the assertions would
 * not see otherwise. The api builds Fastify without a logger in tests, so a
 * logged error here is never the framework's normal chatter.
 */
import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

const original = console.error.bind(console);
let logged = [];

console.error = (...args) => {
  logged.push(format(...args));
  original(...args);
};

function failOnLogged(where) {
  if (logged.length === 0) return;
  const lines = logged;
  logged = [];
  throw new Error(`console.error ${where}:\n${lines.join('\n')}`);
}

afterEach(() => failOnLogged('durante o teste'));
// Errors logged by beforeAll/afterAll hooks belong to no single test.
afterAll(() => failOnLogged('num gancho beforeAll/afterAll'));
