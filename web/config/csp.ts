/**
 * The Content-Security-Policy of the built site (issue 6 §4): scripts only from the site itself
 * (WebAssembly may be compiled, nothing else evaluated), no inline script or style sheet, no plugins,
 * workers from the site. vite.config.ts writes it into every built page as a <meta> tag, so the
 * policy holds on any host; the end-to-end server also sends it as a header, with frame-ancestors
 * (which only a header can carry): any course page may embed the lab.
 */
export const CSP_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

export const CSP_META = CSP_DIRECTIVES.join('; ');
