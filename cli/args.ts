import { parseArgs } from 'node:util';

/**
 * Each command declares its arguments once, in a CommandSpec; the parser and the --help text are
 * both made from it, so they cannot disagree.
 */
export interface OptionSpec {
	type: 'string' | 'boolean';
	description: string;
	/** Placeholder shown in the help (`--to <url>`). */
	value?: string;
	short?: string;
	/** May be given several times (`--secret a --secret b`). */
	multiple?: boolean;
	/** The API fields (or the core's names, e.g. `Idempotency-Key`) this option sets: their errors name `--<option>`. */
	sets?: readonly string[];
}

export interface PositionalSpec {
	name: string;
	description: string;
	optional?: boolean;
	/** The API fields this argument sets: their errors name `<name>`. */
	sets?: readonly string[];
}

/**
 * API field → the flag or argument that sets it, read from a command's own declarations, so that the
 * core's errors name what the person typed.
 */
export function fieldFlagsOf(
	spec: Pick<CommandSpec, 'positionals' | 'options'>,
): Record<string, string> {
	const flags: Record<string, string> = {};
	for (const positional of spec.positionals)
		for (const field of positional.sets ?? []) flags[field] = `<${positional.name}>`;
	for (const [name, option] of Object.entries(spec.options))
		for (const field of option.sets ?? []) flags[field] ??= `--${name}`;
	return flags;
}

export interface CommandSpec {
	name: string;
	/** One line, shown in `numero --help`. */
	summary: string;
	/** Paragraphs shown in `numero <command> --help`. */
	description?: string;
	positionals: PositionalSpec[];
	options: Record<string, OptionSpec>;
	/** Environment variables the command reads: [name, what for]. */
	env?: Array<[string, string]>;
	examples: string[];
}

/** A command line the command cannot run: exit code 2, with a pointer to --help. */
export class UsageError extends Error {
	override readonly name = 'UsageError';
}

export const HELP_OPTION: OptionSpec = {
	type: 'boolean',
	short: 'h',
	description: 'Show this help.',
};

export type ParseResult = { help: true } | { help: false; args: ParsedArgs };

export function parseCommandLine(spec: CommandSpec, argv: string[]): ParseResult {
	const options = { ...spec.options, help: HELP_OPTION };
	let parsed: ReturnType<typeof parseArgs>;
	try {
		parsed = parseArgs({
			args: argv,
			options: Object.fromEntries(
				Object.entries(options).map(([name, option]) => [
					name,
					{
						type: option.type,
						...(option.short ? { short: option.short } : {}),
						...(option.multiple ? { multiple: true } : {}),
					},
				]),
			),
			allowPositionals: true,
			strict: true,
		});
	} catch (error) {
		throw new UsageError(describeParseError(error, Object.keys(options)));
	}
	if (parsed.values['help'] === true) return { help: true };
	const required = spec.positionals.filter((p) => !p.optional).length;
	if (parsed.positionals.length > spec.positionals.length) {
		// The extra values are not echoed: a misplaced secret would end up on the screen.
		const takes =
			spec.positionals.length === 0
				? 'takes no argument'
				: `takes ${spec.positionals.map((p) => `<${p.name}>`).join(' ')}`;
		throw new UsageError(
			`numero ${spec.name} ${takes}, but ${parsed.positionals.length} were given. Options start with --.`,
		);
	}
	if (parsed.positionals.length < required) {
		const missing = spec.positionals[parsed.positionals.length];
		throw new UsageError(`Missing <${missing?.name}>: ${missing?.description}`);
	}
	return { help: false, args: new ParsedArgs(parsed.values, parsed.positionals) };
}

/** Typed access to the parsed values, with errors that name the flag. */
export class ParsedArgs {
	constructor(
		private readonly values: Record<string, string | boolean | Array<string | boolean> | undefined>,
		readonly positionals: string[],
	) {}

	flag(name: string): boolean {
		return this.values[name] === true;
	}

	string(name: string): string | undefined {
		const value = this.values[name];
		return typeof value === 'string' ? value : undefined;
	}

	strings(name: string): string[] {
		const value = this.values[name];
		if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
		return typeof value === 'string' ? [value] : [];
	}

	requiredString(name: string, why: string): string {
		const value = this.string(name);
		if (value === undefined || value === '') throw new UsageError(`--${name} is required: ${why}`);
		return value;
	}

	/** A whole number; the range rules are the core's (it names the API field). */
	integer(name: string): number | undefined {
		const value = this.string(name);
		if (value === undefined) return undefined;
		if (!/^-?\d+$/.test(value.trim()))
			throw new UsageError(`--${name} must be a whole number (got "${value}").`);
		return Number(value.trim());
	}

	/** One of a few words, e.g. `--download yes|no|periodical`. */
	choice<T extends string>(name: string, allowed: readonly T[]): T | undefined {
		const value = this.string(name);
		if (value === undefined) return undefined;
		if (!(allowed as readonly string[]).includes(value)) {
			throw new UsageError(`--${name} must be one of ${allowed.join(', ')} (got "${value}").`);
		}
		return value as T;
	}

	positional(index: number): string | undefined {
		return this.positionals[index];
	}
}

function describeParseError(error: unknown, known: string[]): string {
	const code = (error as { code?: string }).code;
	const message = error instanceof Error ? error.message : String(error);
	const option = /'(--?[^' =<]+)/.exec(message)?.[1] ?? '';
	switch (code) {
		case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
			const near = option.startsWith('--') ? closest(option.slice(2), known) : undefined;
			return `Unknown option ${option}.${near ? ` Did you mean --${near}?` : ''}`;
		}
		case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
			if (message.includes('does not take an argument'))
				return `${option} is a switch and takes no value.`;
			if (message.includes('ambiguous'))
				return `${option} needs a value, but is followed by another option. For a value starting with "-", write ${option}=<value>.`;
			return `${option} needs a value.`;
		default:
			return message.split('\n')[0] ?? 'Invalid command line.';
	}
}

function closest(word: string, candidates: string[]): string | undefined {
	let best: string | undefined;
	let bestDistance = Infinity;
	for (const candidate of candidates) {
		const distance = editDistance(word, candidate);
		if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
	}
	return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
	for (let i = 1; i <= a.length; i += 1) {
		const current = [i];
		for (let j = 1; j <= b.length; j += 1) {
			current[j] = Math.min(
				(previous[j] ?? 0) + 1,
				(current[j - 1] ?? 0) + 1,
				(previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
			);
		}
		previous = current;
	}
	return previous[b.length] ?? 0;
}
