/** One way a request, an answer or a token's grants departs from a network's published contract. */
export interface ContractViolation {
  network: 'x' | 'facebook' | 'instagram' | 'threads' | 'bluesky' | 'linkedin' | 'pinterest' | 'tiktok' | 'youtube';
  /** "POST /2/tweets" for X; "POST PagePost/comments" or "GET Page" for Graph and Threads; an NSID (or "record <collection>") for Bluesky; "POST /rest/posts" for LinkedIn; "POST /pins" for Pinterest; the endpoint's path for TikTok; the discovery method without its "youtube." prefix for YouTube ("videos.insert"). */
  operation: string;
  kind: 'request' | 'response' | 'permission';
  message: string;
}
