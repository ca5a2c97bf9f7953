import { Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsOptional, ValidateNested } from 'class-validator';
import { INSTALLED_NETWORKS, NO_POST_OPTIONS } from '../../../networks';
import type { InstalledNetwork, NetworkId } from '../../../networks';
import { NetworkOptionsBody } from './network-options.body';
import { openApiSchemaOf } from './openapi-schema';

/** One network's `options.<id>`: the containers every network takes, and the options it names. */
export type NetworkOptionsValue = NetworkOptionsBody & Record<string, unknown>;

/** `options`: each installed network's, keyed by its id. */
export type PostOptionsBody = { [id in NetworkId]?: NetworkOptionsValue };

/** `linkedin` → `Linkedin`: the name of the network's schema in the OpenAPI document (`LinkedinOptionsBody`). */
const schemaNameOf = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * The class of `options.<id>` for one network, made from what its folder exports: `containers`
 * (NetworkOptionsBody: validated as the post's, a 400), and each option its schema names, let
 * through (`@Allow()`) for the network's rules to judge with a 422 naming the path; a name the
 * schema does not know is a 400 (the pipe's whitelist). Its OpenAPI schema is the network's own
 * JSON Schema (PostOptionsRules.schema), the one the capability document publishes: one copy.
 */
function networkOptionsBody(network: InstalledNetwork): ClassType<NetworkOptionsValue> {
  const schema = (network.postOptions ?? NO_POST_OPTIONS).schema as
    { properties?: Record<string, unknown> } | undefined;
  const body = class extends NetworkOptionsBody {};
  Object.defineProperty(body, 'name', { value: `${schemaNameOf(network.id)}OptionsBody` });
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    // An option is never required itself (selfRequired); `required` is then the schema's own list, a poll's fields.
    const documented = { required: false, ...(openApiSchemaOf(property) as object), selfRequired: false };
    ApiProperty(documented as ApiPropertyOptions)(body.prototype, name);
    Allow()(body.prototype, name);
  }
  return body as ClassType<NetworkOptionsValue>;
}

/**
 * The class of `options`, keyed by network id: one property per installed network (an id no
 * network has is a 400), each of its network's options class. Built from INSTALLED_NETWORKS, so a
 * network adds nothing here.
 */
function postOptionsBody(): ClassType<PostOptionsBody> {
  const body = class PostOptionsBody {};
  for (const network of INSTALLED_NETWORKS) {
    const options = networkOptionsBody(network);
    ApiPropertyOptional({ type: () => options })(body.prototype, network.id);
    IsOptional()(body.prototype, network.id);
    ValidateNested()(body.prototype, network.id);
    Type(() => options)(body.prototype, network.id);
  }
  return body;
}

export const PostOptionsBody = postOptionsBody();
