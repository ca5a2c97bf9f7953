import { createSocket, RemoteInfo } from 'node:dgram';
import { AddressInfo } from 'node:net';

export interface DnsServer {
  /** `127.0.0.1:port`, for DNS_SERVERS. */
  address: string;
  /** Queries received, answered or not. */
  queries(): number;
  close(): Promise<void>;
}

/** The queried name and type of a DNS query (RFC 1035 4.1), and where its question ends. */
function question(message: Buffer): { name: string; type: number; end: number } | undefined {
  const labels: string[] = [];
  let at = 12;
  while (at < message.length && message[at]! > 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += 1 + length;
  }
  if (at + 5 > message.length) return undefined;
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(at + 1), end: at + 5 };
}

const TYPE_A = 1;

/**
 * A name server on 127.0.0.1 that answers the names `addressOf` knows (an A record; no AAAA) and
 * never answers the others, as an attacker's domain with a silent name server would not.
 */
export async function startDnsServer(addressOf: (name: string) => string | undefined): Promise<DnsServer> {
  const socket = createSocket('udp4');
  let queries = 0;
  socket.on('message', (message: Buffer, from: RemoteInfo) => {
    queries += 1;
    const asked = question(message);
    const address = asked && addressOf(asked.name);
    if (!asked || !address) return;
    const header = Buffer.alloc(12);
    message.copy(header, 0, 0, 2);
    // A response, recursion desired and available, no error; one question; one answer for A, none for AAAA.
    header.writeUInt16BE(0x8180, 2);
    header.writeUInt16BE(1, 4);
    const answers = asked.type === TYPE_A ? 1 : 0;
    header.writeUInt16BE(answers, 6);
    const record = Buffer.alloc(16);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(TYPE_A, 2);
    record.writeUInt16BE(1, 4); // class IN
    record.writeUInt32BE(60, 6); // TTL
    record.writeUInt16BE(4, 10);
    address.split('.').forEach((part, index) => record.writeUInt8(Number(part), 12 + index));
    socket.send(
      Buffer.concat([header, message.subarray(12, asked.end), ...(answers ? [record] : [])]),
      from.port,
      from.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    queries: () => queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
