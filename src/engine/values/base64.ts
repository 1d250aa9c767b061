import { serializationError } from '../errors.js';
import { valueMessages } from './value-errors.js';

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Decodes a binary attribute value. DynamoDB rejects anything but canonical, padded
 * base64 while it deserializes the request, so the errors are `SerializationException`s.
 * Node's decoder would silently skip bad characters instead.
 */
export function decodeBase64(text: string): Buffer {
  if (text.length % 4 !== 0) throw serializationError(valueMessages.base64LengthNotMultipleOfFour(text.length));
  if (!base64Pattern.test(text)) throw serializationError(valueMessages.base64BadCharacter);
  const bytes = Buffer.from(text, 'base64');
  // Unused bits in the last character must be zero ("AR==" is not canonical for 0x01).
  if (bytes.toString('base64') !== text) throw serializationError(valueMessages.base64BadCharacter);
  return bytes;
}

/** Whether `text` is base64 that {@link decodeBase64} accepts. */
export function isValidBase64(text: string): boolean {
  return text.length % 4 === 0 && base64Pattern.test(text) && Buffer.from(text, 'base64').toString('base64') === text;
}
