/**
 * Mail servers for the outbox tests, all in the test process on 127.0.0.1: an SMTP server
 * (the smtp-server package) that keeps what it receives or refuses it with a given answer,
 * a server that accepts connections and never speaks (a time-out), one that drops every
 * connection, and the URL of a port nobody listens on (a refused connection).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface LocalSmtp {
  url: string;
  /** Every message accepted so far, parsed. */
  received: ParsedMail[];
  /** How many times a client came to deliver (connections). */
  connections(): number;
  close(): Promise<void>;
}

/** An SMTP server; with `refuse`, it answers every recipient with that code instead. */
export async function startLocalSmtp(options: { refuse?: { code: number; message: string } } = {}): Promise<LocalSmtp> {
  const received: ParsedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (!options.refuse) return callback();
      callback(Object.assign(new Error(options.refuse.message), { responseCode: options.refuse.code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    const listening = server.listen(0, '127.0.0.1', () => resolve((listening.address() as { port: number }).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server that accepts and then stays silent ('silent') or hangs up at once ('drop'). */
export async function startBrokenSmtp(mode: 'silent' | 'drop'): Promise<Omit<LocalSmtp, 'received'>> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    if (mode === 'drop') return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An smtp:// URL on a port that was free a moment ago: connecting to it is refused. */
export async function refusedSmtpUrl(): Promise<string> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return `smtp://127.0.0.1:${port}`;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}
