// Placeholder until request-shape validation lands.
export function validateRequestShape(_operation: string, _input: object): void {}
