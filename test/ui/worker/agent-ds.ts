/**
 * The small DaemonSet the worker and page tests run: `agent` (container `agent`, image agent:1)
 * on every node, as a file's text and as the `kubectl apply` of it from a heredoc the terminal
 * takes.
 */
import { agentYaml } from '../../kubectl/agent-yaml.js';

export const AGENT_DS = agentYaml('agent:1', 'agent');

/** `kubectl apply -f -` of AGENT_DS, stdin in a heredoc. */
export const APPLY_AGENT = `kubectl apply -f - <<EOF\n${AGENT_DS}EOF`;
