import { fieldFlagsOf, parseCommandLine } from './args';
import { COMMAND_GROUPS, COMMANDS } from './commands';
import { EXIT } from './exit-codes';
import { columns, commandHelp } from './help';
import type { Io } from './io';
import { Output } from './output';
import { reportError } from './report-error';
import { CLI_VERSION } from './user-agent';

/** `numero <argv…>`: resolves to the exit code. Never throws, never prints a stack trace. */
export async function run(argv: string[], io: Io): Promise<number> {
	const [name, ...rest] = argv;
	if (name === undefined) {
		io.stderr.write(mainHelp());
		return EXIT.usage;
	}
	if (name === '--help' || name === '-h' || name === 'help') {
		const topic =
			rest[0] === undefined ? undefined : COMMANDS.find((command) => command.spec.name === rest[0]);
		io.stdout.write(topic ? commandHelp(topic.spec) : mainHelp());
		return EXIT.ok;
	}
	if (name === '--version' || name === '-v') {
		io.stdout.write(`${CLI_VERSION}\n`);
		return EXIT.ok;
	}
	const command = COMMANDS.find((candidate) => candidate.spec.name === name);
	const wantsJson = rest.includes('--json');
	if (!command) {
		const output = new Output(io, wantsJson);
		const message = name.startsWith('-')
			? `Options go after the command: numero <command> ${name} …`
			: `Unknown command "${name}". The commands: ${COMMANDS.map((c) => c.spec.name).join(', ')}.`;
		output.note(`numero: ${message}\nRun 'numero --help' for the list.`);
		if (wantsJson) output.document({ error: { kind: 'usage', message } });
		return EXIT.usage;
	}
	const output = new Output(io, wantsJson && 'json' in command.spec.options);
	try {
		const parsed = parseCommandLine(command.spec, rest);
		if (parsed.help) {
			io.stdout.write(commandHelp(command.spec));
			return EXIT.ok;
		}
		return await command.run({ args: parsed.args, io, output });
	} catch (error) {
		return reportError(error, output, command.spec.name, fieldFlagsOf(command.spec));
	}
}

export function mainHelp(): string {
	return [
		'numero: the numero service from a terminal. Run a local sandbox, send signed test events to your',
		'n8n or Zapier webhook, find out why a delivery was rejected, publish issues and create links.',
		'',
		'Usage: numero <command> [options]',
		'',
		...COMMAND_GROUPS.flatMap((group) => [
			`${group.title}:`,
			columns(
				group.commands.map((command): [string, string] => [
					command.spec.name,
					command.spec.summary,
				]),
			),
			'',
		]),
		'Options:',
		columns([
			['-h, --help', 'Show help; `numero <command> --help` shows the options of a command.'],
			['-v, --version', 'Show the version.'],
		]),
		'',
		'Exit codes:',
		columns([
			[String(EXIT.ok), 'done'],
			[String(EXIT.apiError), 'the numero API answered with an error'],
			[String(EXIT.usage), 'bad command line or input, refused before anything was sent'],
			[String(EXIT.network), 'no answer (connection refused or reset, timeout)'],
			[String(EXIT.verificationFailed), 'verify: the delivery failed verification'],
			[
				String(EXIT.receiverRejected),
				'trigger: the receiver answered with a status other than 2xx',
			],
		]),
		'',
	].join('\n');
}
