/**
 * The headers an HTML page outside the dashboard carries (the OAuth callback's error page, the
 * emulator's consent and error pages): it may not be framed, so a consent button cannot be
 * clickjacked; it runs no script and loads nothing; its type is not sniffed; and it sends no
 * referrer, since its URL may hold an OAuth state or code. Form submissions are left open: the
 * consent form's answer redirects to the service's callback, which may be another origin.
 */
export function htmlPageHeaders(options: { inlineStyles: boolean }): Record<string, string> {
  const styles = options.inlineStyles ? "; style-src 'unsafe-inline'" : '';
  return {
    'Content-Security-Policy': `default-src 'none'${styles}; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

/** Whether a reply's content type is HTML. */
export function isHtmlContentType(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.toLowerCase().startsWith('text/html');
}
