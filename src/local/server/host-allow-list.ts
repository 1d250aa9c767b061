/**
 * The `Host` names a loopback-bound server answers: `localhost`, `127.0.0.1`, `[::1]` and the
 * name it was bound to, with any port. A page in the developer's browser that rebinds its
 * own DNS name to 127.0.0.1 still sends its own name as `Host`, so it is refused: that is
 * the whole defence against DNS rebinding, and it costs a well-behaved client nothing.
 *
 * @example
 * const allowed = hostAllowList('127.0.0.1');
 * allowed?.('localhost:8000'); // true
 * allowed?.('attacker.example:8000'); // false
 */
export function hostAllowList(boundHost: string): ((hostHeader: string | undefined) => boolean) | undefined {
  if (!isLoopback(boundHost)) return undefined;
  const bound = boundHost.includes(':') ? `[${boundHost.toLowerCase()}]` : boundHost.toLowerCase();
  const names = new Set(['localhost', '127.0.0.1', '[::1]', bound]);
  // No Host at all is not what a browser sends; raw tools that omit it are served.
  return (hostHeader) => hostHeader === undefined || names.has(hostName(hostHeader));
}

/** Whether `host` binds to this machine only. */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase();
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** The name part of a `Host` header value, lowercased, without its port (`[::1]:8000` → `[::1]`). */
function hostName(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    return close === -1 ? value : value.slice(0, close + 1);
  }
  const colon = value.indexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/** What a refused `Host` is answered: DynamoDB's own error type, so SDKs show the message. */
export function hostNotAllowedBody(hostHeader: string): string {
  return JSON.stringify({
    __type: 'com.amazonaws.dynamodb.v20120810#AccessDeniedException',
    message: `Host '${hostHeader}' is not allowed: a server bound to loopback answers only localhost, 127.0.0.1, [::1] and its bound name (this refuses DNS rebinding)`,
  });
}
