/** Request-shape validation: DynamoDB's deserialization and Coral constraint errors. */
export { validateRequestShape } from './request-shape.js';
export { requestShapes } from './shapes/index.js';
export { checkConstraints } from './constraints.js';
export type { Shape, StructureShape, Member } from './shape.js';
