/**
 * The exit codes of the numero command, for scripts. Documented in docs/cli.md; keep both in step.
 */
export const EXIT = {
	/** Done. */
	ok: 0,
	/** The numero API answered with an error (or an unexpected failure). */
	apiError: 1,
	/** Bad command line or input rejected before any request was sent. */
	usage: 2,
	/** No answer: connection refused or reset, DNS failure, timeout. */
	network: 3,
	/** `numero verify`: the signature or the payload did not pass verification. */
	verificationFailed: 4,
	/** `numero trigger`: the receiver answered with a status other than 2xx. */
	receiverRejected: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
