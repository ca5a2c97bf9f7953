import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiException } from '../errors/api-exception';
import { ID_PREFIX } from '../ids';
import type { IdKind } from '../ids';

/**
 * Checks a path id has the shape of our ids of that kind (`acc_` + base62) before it reaches a
 * query. Anything else cannot exist, so it is the same 404 as an unknown id.
 */
@Injectable()
export class ResourceIdPipe implements PipeTransform<string, string> {
  private readonly pattern: RegExp;

  constructor(
    kind: IdKind,
    private readonly label: string,
  ) {
    this.pattern = new RegExp(`^${ID_PREFIX[kind]}_[0-9A-Za-z]{1,40}$`);
  }

  transform(value: string): string {
    if (typeof value !== 'string' || !this.pattern.test(value)) throw ApiException.notFound(this.label);
    return value;
  }
}
