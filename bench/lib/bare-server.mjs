// The baseline of the benchmark: a bare `node:http` route in a process of its own, answering about
// 1 KB of JSON in the API's envelope. No framework, no database, no validation: the most this
// machine and this load generator can do for one JSON reply, to which every case is compared.
// Prints `listening <port>` once it accepts connections (port 0 = any free port).
import { createServer } from 'node:http';

// Eight list entries of about 120 bytes: a reply of about 1 KB, like a page of the catalogue.
const data = {
  arr: Array.from({ length: 8 }, (_, i) => ({
    id: i + 1,
    name: `Sample app ${i + 1}`,
    logo: `logos/${i + 1}.webp`,
    briefing: 'A calm finance app for busy people.',
    rating: 4.5,
    platform: false,
  })),
  total: 2000,
};

const server = createServer((request, response) => {
  // Serialised on every request, as any JSON route does.
  const body = JSON.stringify({ code: 0, message: 'ok', data });
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
  request.resume();
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
