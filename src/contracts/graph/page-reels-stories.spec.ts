import { readContractJson } from '../contracts-dir';
import { GraphEnumType } from './graph-spec';
import { pageReelsStoriesRules, uploadPhaseOf } from './page-reels-stories';

describe('Page reels and stories rules (contracts/meta/page-reels-stories.json)', () => {
  const enums = new Map(readContractJson<GraphEnumType[]>('meta/specs/enum_types.json').map((e) => [e.name, e.values]));

  it("takes the codegen's upload_phase values for both edges, and its reel video_state values", () => {
    const rules = pageReelsStoriesRules();
    expect([...rules.uploadPhases].sort()).toEqual(enums.get('pagevideo_reels_upload_phase_enum_param'));
    expect([...rules.uploadPhases].sort()).toEqual(enums.get('pagevideo_stories_upload_phase_enum_param'));
    expect([...rules.reelVideoStates].sort()).toEqual(enums.get('pagevideo_reels_video_state_enum_param'));
  });

  it('reads an upload phase in either case (the guides write it in lower case), and nothing else', () => {
    expect(uploadPhaseOf('start')).toBe('START');
    expect(uploadPhaseOf('FINISH')).toBe('FINISH');
    expect(uploadPhaseOf('transfer')).toBeUndefined();
    expect(uploadPhaseOf(undefined)).toBeUndefined();
  });

  it('gives a reel 3 to 90 s and a video story at most 60 s', () => {
    const rules = pageReelsStoriesRules();
    expect(rules.reelDuration).toEqual({ minMs: 3000, maxMs: 90_000 });
    expect(rules.videoStoryDuration).toEqual({ minMs: 3000, maxMs: 60_000 });
    expect(rules.ruploadPath).toBe('/video-upload/{version}/{video_id}');
  });
});
