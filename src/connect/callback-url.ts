/** The service's own OAuth callback for a network: the URL to register in the network app. */
export function callbackUrlFor(publicUrl: string, networkId: string): string {
  return `${publicUrl}/oauth/${networkId}/callback`;
}

/** The service's own sign-in page for a network whose users sign in with an app password (no network consent page). */
export function signInUrlFor(publicUrl: string, networkId: string, state: string): string {
  return `${publicUrl}/oauth/${networkId}/sign-in?${new URLSearchParams({ state }).toString()}`;
}
