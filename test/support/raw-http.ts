import { connect } from 'node:net';

/** Sends bytes as they are (no client library to tidy them up) and returns the whole answer. */
export function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy());
    socket.write(bytes);
  });
}

export function parseRawAnswer(answer: string): { status: number; headers: Record<string, string>; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n', 2);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [line.split(':')[0]!.toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  let parsed: unknown = body;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: parsed };
}
