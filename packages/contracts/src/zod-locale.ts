import { z } from 'zod';

/**
 * Zod's built-in Portuguese messages for every check a contract does not word
 * itself. Imported once by each entry point (server and browser).
 */
z.config(z.locales.pt());
