/** The UI's download / print choice as the API's value: `null` follows the periodical's rule. */
export function periodicalRule(choice: string | undefined): boolean | null | undefined {
  if (choice === undefined || choice === '') return undefined;
  if (choice === 'periodical') return null;
  return choice === 'allowed';
}
