import type { FastifyInstance } from 'fastify';

/**
 * The built app loads only its own scripts, styles, fonts and images, calls
 * only its own API, and is never framed. Styles allow 'unsafe-inline' because
 * PrimeReact injects <style> elements (overlays, z-index, responsive tables);
 * scripts do not. `blob:`/`data:` images are the employee photo previews.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The files behind signed links (decision 0042) may be framed by the app
 * itself: the history opens a PDF in a viewer dialog. Nothing else may.
 */
const FRAMABLE_BY_APP = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

/**
 * Security headers on every answer (issue 7 §7). The reset link carries its
 * token in the URL, hence no Referer at all; API answers hold personal data,
 * hence never cached. HSTS only when the request really came over TLS (directly
 * or through a trusted proxy), so a plain-HTTP local install is not pinned.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const framable = req.url.startsWith('/api/arquivo/');
    reply.header('Content-Security-Policy', framable ? FRAMABLE_BY_APP : CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', framable ? 'SAMEORIGIN' : 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    // The employee photo may come from the webcam (seed 001); nothing else.
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=()');
    if (req.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
