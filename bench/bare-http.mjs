// The floor of the benchmark: a bare `node:http` server answering every request with the same bytes
// (the home page's HTML, read from the file given as the first argument) and the same content type.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.argv[2] ?? "");
const port = Number(process.env.PORT ?? 3361);
createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
  response.end(body);
}).listen(port, "127.0.0.1", () => console.log(`bare node:http listening on ${port}`));
