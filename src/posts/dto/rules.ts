import { applyDecorators } from '@nestjs/common';

/**
 * A property's rules, checked in the order written. Decorators stacked on a property register
 * bottom-up, class-validator checks them in registration order, and the pipe reports only the first
 * rule broken: stacked, a number for `content` was answered with the length rule, not the type.
 */
export const Rules = (...rules: PropertyDecorator[]): PropertyDecorator => applyDecorators(...rules);
