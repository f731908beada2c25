import type { CommandSpec, ParsedArgs, OptionSpec } from './args';
import type { Io } from './io';
import type { Output } from './output';

export interface CommandContext {
	args: ParsedArgs;
	io: Io;
	output: Output;
}

/** One `numero <name>` command: its spec (arguments and help) and what it does. Resolves to the exit code. */
export interface Command {
	spec: CommandSpec;
	run(context: CommandContext): Promise<number>;
}

export const JSON_OPTION: OptionSpec = {
	type: 'boolean',
	description: 'Print the result as one JSON document on stdout (errors too, as {"error": …}).',
};
