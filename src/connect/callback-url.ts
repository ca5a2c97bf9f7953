/** The service's own OAuth callback for a network: the URL to register in the network app. */
export function callbackUrlFor(publicUrl: string, networkId: string): string {
  return `${publicUrl}/oauth/${networkId}/callback`;
}
