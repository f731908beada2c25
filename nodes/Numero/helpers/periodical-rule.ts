/**
 * The UI's download / print choice as the API's value: `null` follows the periodical's rule. Anything
 * else (an expression gave another value) is passed on unchanged, for the core to refuse it naming
 * the field, rather than read as "not allowed".
 */
export function periodicalRule(choice: string | undefined): boolean | null | undefined | string {
	if (choice === undefined || choice === '') return undefined;
	if (choice === 'periodical') return null;
	if (choice === 'allowed') return true;
	if (choice === 'denied') return false;
	return choice;
}
