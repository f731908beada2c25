import { HELP_OPTION, type CommandSpec, type OptionSpec } from './args';

/** `numero <command> --help`, made from the command's spec. */
export function commandHelp(spec: CommandSpec): string {
	const sections: string[] = [`Usage: ${usageLine(spec)}`, spec.summary];
	if (spec.description) sections.push(spec.description);
	if (spec.positionals.length > 0) {
		sections.push(
			`Arguments:\n${columns(spec.positionals.map((p) => [`<${p.name}>`, p.optional ? `${p.description} (optional)` : p.description]))}`,
		);
	}
	const options = { ...spec.options, help: HELP_OPTION };
	sections.push(
		`Options:\n${columns(Object.entries(options).map(([name, option]) => [optionLabel(name, option), option.description]))}`,
	);
	if (spec.env && spec.env.length > 0) sections.push(`Environment:\n${columns(spec.env)}`);
	if (spec.examples.length > 0)
		sections.push(`Examples:\n${spec.examples.map((example) => `  ${example}`).join('\n')}`);
	return `${sections.join('\n\n')}\n`;
}

export function usageLine(spec: CommandSpec): string {
	const positionals = spec.positionals.map((p) => (p.optional ? `[<${p.name}>]` : `<${p.name}>`));
	return ['numero', spec.name, ...positionals, '[options]'].join(' ');
}

function optionLabel(name: string, option: OptionSpec): string {
	const long = `--${name}${option.type === 'string' ? ` ${option.value ?? '<value>'}` : ''}`;
	const label = option.short ? `-${option.short}, ${long}` : `    ${long}`;
	return option.multiple ? `${label} (repeatable)` : label;
}

/** Two columns, the second aligned; continuation lines of a description are indented to match. */
export function columns(rows: Array<[string, string]>): string {
	const width = Math.max(...rows.map(([left]) => left.length));
	return rows
		.map(([left, right]) => {
			const [first, ...rest] = right.split('\n');
			const pad = ' '.repeat(width + 4);
			return [`  ${left.padEnd(width)}  ${first}`, ...rest.map((line) => `${pad}${line}`)].join(
				'\n',
			);
		})
		.join('\n');
}
