/** Whether a parameter is an absolute http(s) URL of sane length (the networks fetch media from these). */
export function isHttpUrl(value: string | undefined): value is string {
  if (!value || value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
