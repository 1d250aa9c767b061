import type { Shape } from './shape.js';

/**
 * The texts of DynamoDB's `SerializationException`s: what its JSON deserializer says
 * when a member has the wrong JSON type. They name Java types because the service is
 * written in Java.
 */
const modelPackage = 'com.amazonaws.dynamodb.v20120810';

export const serializationMessages = {
  startOfStructure: 'Start of structure or map found where not expected',
  unexpectedFieldType: 'Unexpected field type',
  unexpectedValueType: 'Unexpected value type in payload',
  unexpectedToken: 'Unexpected token received from parser',
  notBase64: 'only base-64-encoded strings are convertible to bytes',
  // A collection inside a collection (a map of lists, a list of maps) given a scalar.
  parameterizedType:
    "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in module java.base of loader 'bootstrap')",
  cannotConvert: (token: string, javaType: string): string => `${token} cannot be converted to ${javaType}`,
  unrecognizedCollection: (javaType: string): string => `Unrecognized collection type ${javaType}`,
} as const;

/** The Java type of a shape as DynamoDB's messages spell it. */
export function javaTypeOf(shape: Shape): string {
  switch (shape.kind) {
    case 'string':
      return 'java.lang.String';
    case 'number':
      return `java.lang.${shape.javaType}`;
    case 'boolean':
      return 'java.lang.Boolean';
    case 'blob':
      return 'java.nio.ByteBuffer';
    case 'list':
      return `java.util.List<${javaTypeOf(shape.member)}>`;
    case 'map':
      return `java.util.Map<java.lang.String, ${javaTypeOf(shape.value)}>`;
    case 'structure':
      return `${modelPackage}.${shape.name}`;
    case 'attributeValue':
      return `${modelPackage}.AttributeValue`;
  }
}

/** The JSON token name of a scalar, as in `NUMBER_VALUE cannot be converted to String`. */
export function tokenOf(value: number | boolean | string): string {
  if (typeof value === 'string') return 'STRING_VALUE';
  if (typeof value === 'boolean') return value ? 'TRUE_VALUE' : 'FALSE_VALUE';
  return Number.isInteger(value) ? 'NUMBER_VALUE' : 'DECIMAL_VALUE';
}
