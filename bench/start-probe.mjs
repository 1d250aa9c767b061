// Preloaded into a server's process (`node --import ./bench/start-probe.mjs <server> …`), this
// sends one ListTables to 127.0.0.1:$START_PROBE_PORT every millisecond until one is answered,
// then exits the process (status 0 for a 200, 3 otherwise). Under
// `valgrind --tool=cachegrind --cache-sim=no` that counts the CPU instructions of a start up to
// its first answer, which repeat far better than times on a shared machine (docs/performance.md,
// "Starting the command line"). Plain JavaScript on `net`, so it adds no module a server lacks.
import { connect } from 'node:net';

const port = Number(process.env.START_PROBE_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('START_PROBE_PORT must name the port the server listens on');
const body = '{}';
const request = [
  'POST / HTTP/1.1',
  `host: 127.0.0.1:${port}`,
  'content-type: application/x-amz-json-1.0',
  'x-amz-target: DynamoDB_20120810.ListTables',
  'x-amz-date: 20260101T000000Z',
  'authorization: AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0',
  `content-length: ${body.length}`,
  '',
  body,
].join('\r\n');

function attempt() {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('connect', () => socket.write(request));
  socket.on('data', (data) => {
    answer += data;
    if (answer.includes('\r\n\r\n') && answer.includes('"TableNames"'))
      process.exit(answer.startsWith('HTTP/1.1 200') ? 0 : 3);
  });
  socket.on('error', () => setTimeout(attempt, 1));
}
setTimeout(attempt, 1);
