/**
 * How the terminal tests start their tmux server: no configuration file of the user's, no status
 * bar (the pane is the whole window), and TERM as in a common terminal (tmux sets TERM for the
 * pane itself, so -e cannot). The commands that follow come after it in the same tmux call.
 */
export const TMUX_START: readonly string[] = [
	...['-f', '/dev/null', 'start-server', ';'],
	...['set', '-g', 'status', 'off', ';'],
	...['set', '-g', 'default-terminal', 'xterm-256color', ';'],
];
