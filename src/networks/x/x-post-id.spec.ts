import { readContractJson } from '../../contracts/contracts-dir';
import { X_POST_ID } from './x.adapter';

describe("X's post ids", () => {
  it("are checked with the pattern of X's OpenAPI document (PostId)", () => {
    const document = readContractJson<{ components: { schemas: Record<string, { pattern?: string }> } }>(
      'x/openapi.json',
    );
    expect(X_POST_ID.source).toBe(document.components.schemas.PostId!.pattern);
  });
});
