import { processIo } from './io';
import { run } from './run';

// The bin entry (cli/bin/numero.js requires the compiled dist/cli/main.js).
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

function fail(error: unknown): void {
  // Last resort: the message only, never a stack trace (an error's message holds no secret).
  process.stderr.write(`numero: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

run(process.argv.slice(2), processIo()).then((code) => {
  // Exit now rather than when keep-alive sockets time out; stdout and stderr are flushed first.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
});
