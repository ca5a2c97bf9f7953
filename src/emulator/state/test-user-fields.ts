/** Helpers for the networks' TestUserParts: the fields of a test-user body they share in form. */

/** A profile picture that loads in a browser and stays the same for the same seed. */
export function pictureUrl(seed: string): string {
  return `https://picsum.photos/seed/${encodeURIComponent(seed)}/200`;
}

const HANDLE = /^[A-Za-z0-9._]{1,30}$/;

/** A display name from a test-user body. */
export function textField(value: unknown, name: string, problems: string[]): string {
  if (typeof value !== 'string' || !value.trim() || value.length > 100)
    problems.push(`${name}: must be 1 to 100 characters`);
  return typeof value === 'string' ? value.trim() : '';
}

/** A handle (`username`) and display name from a test-user body; the name defaults to `fallbackName`. */
export function handleField(
  value: unknown,
  fallbackName: string,
  name: string,
  problems: string[],
): { username: string; name: string } {
  const body = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (typeof body.username !== 'string' || !HANDLE.test(body.username))
    problems.push(`${name}.username: must be 1 to 30 of A-Z a-z 0-9 . _`);
  return {
    username: String(body.username ?? ''),
    name: body.name === undefined ? fallbackName : textField(body.name, `${name}.name`, problems),
  };
}
