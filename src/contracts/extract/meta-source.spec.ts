import { readContractJson } from '../contracts-dir';
import { MetaSource, previousMetaSource } from './meta-source';

describe('previousMetaSource', () => {
  it('keeps the SDK commit the Graph version was read from (a refresh without --meta-sdk once dropped it)', () => {
    const current = readContractJson<MetaSource>('meta/source.json');
    expect(current.graphVersionSource.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(previousMetaSource(current)).toEqual({
      commit: current.commit,
      commitDate: current.commitDate,
      graphVersion: current.graphVersion,
      sdkCommit: current.graphVersionSource.commit,
    });
  });

  it('keeps nothing when there is no previous file', () => {
    expect(previousMetaSource(undefined)).toEqual({});
  });
});
