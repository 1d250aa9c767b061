import { createServer } from 'node:http';

/**
 * The floor of server CPU per request: a bare Node HTTP server that reads the body and
 * answers `{}` (a valid DynamoDB output for every measured operation) with DynamoDB's
 * headers. Started by the benchmark as a child process; prints its port.
 */
const body = Buffer.from('{}');
const server = createServer((request, response) => {
  request.on('data', () => {});
  request.on('end', () => {
    response.writeHead(200, {
      'Content-Type': 'application/x-amz-json-1.0',
      'Content-Length': String(body.length),
      'x-amzn-RequestId': 'FLOOR',
      'x-amz-crc32': '1149144238',
    });
    response.end(body);
  });
});
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
