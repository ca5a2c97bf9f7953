/** How a network is named, said once in its folder (`<id>.identity.ts`) and read by its adapter and every list of networks. */
export interface NetworkIdentity {
  /** Lowercase identifier used in paths and in `platform`. */
  readonly id: string;
  /** Other names accepted on input (`twitter` for `x`). */
  readonly aliases: readonly string[];
  /** Name for people (dashboard, messages). */
  readonly displayName: string;
}
