// contracts/meta/source.json: where Meta's specs were taken from. The refresh script rewrites it and
// keeps, when a run is not given them, the previous run's values (the codegen commit, the Graph version
// and the SDK commit that version was read from).

export interface MetaSource {
  repository: string;
  path: string;
  commit: string;
  commitDate: string;
  graphVersion?: string;
  graphVersionSource: { repository: string; path: string; commit?: string };
  retrieved: string;
  missingFromSpecs: string[];
}

/** The values a refresh keeps from the previous source.json when its flags do not give new ones. */
export function previousMetaSource(previous: Partial<MetaSource> | undefined): {
  commit?: string;
  commitDate?: string;
  graphVersion?: string;
  sdkCommit?: string;
} {
  return {
    commit: previous?.commit,
    commitDate: previous?.commitDate,
    graphVersion: previous?.graphVersion,
    // Written under graphVersionSource (not a `sdk` key): a refresh without --meta-sdk keeps it.
    sdkCommit: previous?.graphVersionSource?.commit,
  };
}
