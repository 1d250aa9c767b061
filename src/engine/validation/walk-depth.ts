/**
 * How many attribute-value levels the request-shape pass walks before it stops descending.
 *
 * JSON.parse builds a value of any depth without recursion, but every walk over it here
 * recurses, and a value nested 100,000 levels would exhaust the stack (an
 * `InternalServerError` where DynamoDB answers a validation error). DynamoDB accepts at
 * most 32 levels, so whatever lies below this depth belongs to a value the nesting check
 * (values/validate-attribute-value.ts) rejects anyway: "Nesting Levels have exceeded
 * supported limits". Up to this depth the pass is exactly DynamoDB's deserializer (a
 * wrong JSON type at level 200 still answers `SerializationException`); DynamoDB Local
 * 1.25.1 answers the nesting error at 1,000 levels, and 3.3.1 fails internally there, so
 * nothing observed says what a type error below level 256 would answer.
 */
export const DEEPEST_WALKED_ATTRIBUTE_LEVEL = 256;
