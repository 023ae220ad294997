#!/bin/sh
# tests/clients/netns-agent.sh HOST COMMAND...: Open MPI's launch agent
# (plm_rsh_agent) for ranks in network namespaces, in place of ssh: runs
# COMMAND with sh -c in the namespace of HOST, an address that
# PM_NETNS_MAP ("ADDRESS=NAMESPACE ...") maps to it.
host=$1
shift
for m in ${PM_NETNS_MAP:-}; do
	if [ "${m%%=*}" = "$host" ]; then
		exec ip netns exec "${m#*=}" sh -c "$*"
	fi
done
echo "netns-agent.sh: no namespace for host '$host' in PM_NETNS_MAP" >&2
exit 1
