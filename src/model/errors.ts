/**
 * Errors raised by the model itself: a definition that cannot work, or a key that cannot be
 * rendered. Each carries a stable `code` and a `payload` so callers can react without parsing text.
 */
export class ModelError<Code extends string = string, Payload = unknown> extends Error {
  readonly code: Code;
  readonly payload: Payload;

  constructor(code: Code, message: string, payload: Payload, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.payload = payload;
  }
}

/**
 * A model declaration that cannot work (unknown attribute in a key template, unknown index…).
 *
 * @example
 * try { defineModel(config) } catch (e) { if (e instanceof ModelDefinitionError) console.error(e.message) }
 */
export class ModelDefinitionError extends ModelError<'ModelDefinition', { readonly where: string }> {
  constructor(where: string, reason: string) {
    super('ModelDefinition', `${where}: ${reason}`, { where });
  }
}

/**
 * A key part that would render empty (or is missing). Raised before any request is sent, because
 * DynamoDB rejects empty key values and `JOB#` would silently collide for every empty id.
 */
export class EmptyKeyPartError extends ModelError<
  'EmptyKeyPart',
  { readonly template: string; readonly part: string }
> {
  constructor(template: string, part: string) {
    super('EmptyKeyPart', `Key part {${part}} of template '${template}' is missing or empty`, { template, part });
  }
}

/** A rendered key that does not have the shape of its template (parsing a key back). */
export class KeyMismatchError extends ModelError<'KeyMismatch', { readonly template: string; readonly value: string }> {
  constructor(template: string, value: string) {
    super('KeyMismatch', `'${value}' does not match key template '${template}'`, { template, value });
  }
}
