// The shape of Meta's codegen specs (facebook/facebook-business-sdk-codegen, api_specs/specs/<Node>.json),
// which contracts/meta/specs keeps in the codegen's own format.

export interface GraphParamSpec {
  name: string;
  required: boolean;
  type: string;
}

export interface GraphApiSpec {
  method: string;
  /** Absent for the node itself (GET/POST/DELETE /{id}); otherwise the edge name. */
  endpoint?: string;
  /** "#get", "#update", "#delete" for the node itself. */
  name?: string;
  return: string;
  params: GraphParamSpec[];
}

export interface GraphFieldSpec {
  name: string;
  type: string;
}

export interface GraphNodeSpec {
  apis: GraphApiSpec[];
  fields: GraphFieldSpec[];
}

export interface GraphEnumType {
  name: string;
  node: string;
  field_or_param: string;
  values: string[];
}

/** "list<Comment>" → "Comment"; "map<string, int>" stays as is. */
export function elementType(type: string): string {
  const match = /^list<(.+)>$/.exec(type.trim());
  return match ? match[1].trim() : type.trim();
}
