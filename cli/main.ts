import { processIo } from './io';
import { run } from './run';
import { scrubSecrets } from '../shared';

// The bin entry (cli/bin/numero.js requires the compiled dist/cli/main.js).
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

/** Last resort (run() itself never throws): the message only, never a stack trace or a secret. */
function fail(error: unknown): void {
	const message = error instanceof Error ? error.message : String(error);
	const secrets = [
		process.env['NUMERO_API_KEY'],
		process.env['NUMERO_WEBHOOK_SECRET'],
		...process.argv,
	];
	process.stderr.write(`numero: unexpected error: ${scrubSecrets(message, secrets)}\n`);
	process.exit(1);
}

run(process.argv.slice(2), processIo()).then((code) => {
	// Exit now rather than when keep-alive sockets time out; stdout and stderr are flushed first.
	process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
});
