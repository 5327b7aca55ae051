/**
 * Who an address is, for the bounds that count per address (wrong codes in the hall, connections
 * at the door): an IPv4 address itself, an IPv6 address its /64 (one client's network, whose
 * addresses it may change at will).
 */
export function addressKey(address: string): string {
	if (!address.includes(':') || address.startsWith('::ffff:')) return address.replace(/^::ffff:/, '');
	const [head = '', tail = ''] = address.split('::');
	const left = head === '' ? [] : head.split(':');
	const right = tail === '' ? [] : tail.split(':');
	const groups = address.includes('::')
		? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
		: left;
	return `${groups.slice(0, 4).join(':')}::/64`;
}
