import { readContractJson } from '../contracts-dir';

interface Rule<T> {
  value: T;
  source: string;
}

/** contracts/x/edit-rules.json: X's edit window, edit limit and the subscriptions that may edit. */
export interface XEditRules {
  windowMinutes: Rule<number>;
  maxEdits: Rule<number>;
  newIdPerEdit: Rule<boolean>;
  historyOldestFirst: Rule<boolean>;
  notEditable: { values: string[] };
  subscriptions: { values: string[] };
}

export function xEditRules(): XEditRules {
  return readContractJson<XEditRules>('x/edit-rules.json');
}
