/**
 * The parser of go-yaml v2 (`parserc.go`): tokens to events, run only to find the first error
 * of one document, and the message go-yaml's `parser.fail` makes of it.
 *
 * `yaml.Unmarshal` parses the stream's first document (STREAM-START, the document's events, its
 * DOCUMENT-END) and stops; later documents in the same chunk are never looked at. The states and
 * their errors are upstream's, named after `yaml_parser_parse_*`.
 *
 * Line numbers (`parser.fail`): a scanner error reports its problem mark's 0-based line plus one;
 * a parser error reports the 0-based line of the offending token as it is (so it names the line
 * before, the well-known off-by-one of go-yaml v2); a problem on the first line falls back to the
 * context mark, and with both at line 0 the message has no `line N:` at all.
 */
import { Scanner, type Mark, type Token, type TokenType, type YamlError } from './scanner.js';

type State =
  | 'STREAM_START' | 'IMPLICIT_DOCUMENT_START' | 'DOCUMENT_START' | 'DOCUMENT_CONTENT' | 'DOCUMENT_END'
  | 'BLOCK_NODE' | 'BLOCK_NODE_OR_INDENTLESS_SEQUENCE' | 'FLOW_NODE' | 'BLOCK_SEQUENCE_FIRST_ENTRY'
  | 'BLOCK_SEQUENCE_ENTRY' | 'INDENTLESS_SEQUENCE_ENTRY' | 'BLOCK_MAPPING_FIRST_KEY' | 'BLOCK_MAPPING_KEY'
  | 'BLOCK_MAPPING_VALUE' | 'FLOW_SEQUENCE_FIRST_ENTRY' | 'FLOW_SEQUENCE_ENTRY' | 'FLOW_SEQUENCE_ENTRY_MAPPING_KEY'
  | 'FLOW_SEQUENCE_ENTRY_MAPPING_VALUE' | 'FLOW_SEQUENCE_ENTRY_MAPPING_END' | 'FLOW_MAPPING_FIRST_KEY'
  | 'FLOW_MAPPING_KEY' | 'FLOW_MAPPING_VALUE' | 'FLOW_MAPPING_EMPTY_VALUE' | 'END';

type EventType = 'STREAM-START' | 'STREAM-END' | 'DOCUMENT-START' | 'DOCUMENT-END' | 'ALIAS' | 'SCALAR' | 'SEQUENCE-START' | 'SEQUENCE-END' | 'MAPPING-START' | 'MAPPING-END';

class Parser {
  private state: State = 'STREAM_START';
  private readonly states: State[] = [];
  private readonly marks: Mark[] = [];
  private tagHandles = new Set<string>();
  /** Anchors of the document so far (the decoder's `doc.anchors`). */
  private readonly anchors = new Set<string>();
  error: YamlError | undefined;

  constructor(private readonly scanner: Scanner) {}

  private peek(): Token | undefined {
    const t = this.scanner.peek();
    if (!t) this.error ??= this.scanner.error;
    return t;
  }
  private skip(): void {
    this.scanner.skipToken();
  }
  private pop(): State {
    return this.states.pop()!;
  }
  private fail(problem: string, problemMark: Mark, context?: string, contextMark?: Mark): undefined {
    this.error = { kind: 'parser', problem, problemMark, ...(context ? { context, contextMark: contextMark! } : {}) };
    return undefined;
  }

  /** The next event's type, or undefined on error (`yaml_parser_parse`). */
  next(): EventType | undefined {
    if (this.error) return undefined;
    switch (this.state) {
      case 'STREAM_START': {
        const t = this.peek();
        if (!t) return undefined;
        if (t.type !== 'STREAM-START') return this.fail('did not find expected <stream-start>', t.start);
        this.state = 'IMPLICIT_DOCUMENT_START';
        this.skip();
        return 'STREAM-START';
      }
      case 'IMPLICIT_DOCUMENT_START':
        return this.documentStart(true);
      case 'DOCUMENT_START':
        return this.documentStart(false);
      case 'DOCUMENT_CONTENT': {
        const t = this.peek();
        if (!t) return undefined;
        if (['VERSION-DIRECTIVE', 'TAG-DIRECTIVE', 'DOCUMENT-START', 'DOCUMENT-END', 'STREAM-END'].includes(t.type)) {
          this.state = this.pop();
          return 'SCALAR';
        }
        return this.node(true, false);
      }
      case 'DOCUMENT_END': {
        const t = this.peek();
        if (!t) return undefined;
        if (t.type === 'DOCUMENT-END') this.skip();
        this.tagHandles = new Set();
        this.state = 'DOCUMENT_START';
        return 'DOCUMENT-END';
      }
      case 'BLOCK_NODE':
        return this.node(true, false);
      case 'BLOCK_NODE_OR_INDENTLESS_SEQUENCE':
        return this.node(true, true);
      case 'FLOW_NODE':
        return this.node(false, false);
      case 'BLOCK_SEQUENCE_FIRST_ENTRY':
        return this.blockSequenceEntry(true);
      case 'BLOCK_SEQUENCE_ENTRY':
        return this.blockSequenceEntry(false);
      case 'INDENTLESS_SEQUENCE_ENTRY':
        return this.indentlessSequenceEntry();
      case 'BLOCK_MAPPING_FIRST_KEY':
        return this.blockMappingKey(true);
      case 'BLOCK_MAPPING_KEY':
        return this.blockMappingKey(false);
      case 'BLOCK_MAPPING_VALUE':
        return this.blockMappingValue();
      case 'FLOW_SEQUENCE_FIRST_ENTRY':
        return this.flowSequenceEntry(true);
      case 'FLOW_SEQUENCE_ENTRY':
        return this.flowSequenceEntry(false);
      case 'FLOW_SEQUENCE_ENTRY_MAPPING_KEY':
        return this.flowSequenceEntryMappingKey();
      case 'FLOW_SEQUENCE_ENTRY_MAPPING_VALUE':
        return this.flowSequenceEntryMappingValue();
      case 'FLOW_SEQUENCE_ENTRY_MAPPING_END': {
        if (!this.peek()) return undefined;
        this.state = 'FLOW_SEQUENCE_ENTRY';
        return 'MAPPING-END';
      }
      case 'FLOW_MAPPING_FIRST_KEY':
        return this.flowMappingKey(true);
      case 'FLOW_MAPPING_KEY':
        return this.flowMappingKey(false);
      case 'FLOW_MAPPING_VALUE':
        return this.flowMappingValue(false);
      case 'FLOW_MAPPING_EMPTY_VALUE':
        return this.flowMappingValue(true);
      case 'END':
        return undefined;
    }
  }

  private documentStart(implicit: boolean): EventType | undefined {
    let t = this.peek();
    if (!t) return undefined;
    if (!implicit) {
      while (t.type === 'DOCUMENT-END') {
        this.skip();
        t = this.peek();
        if (!t) return undefined;
      }
    }
    if (implicit && !['VERSION-DIRECTIVE', 'TAG-DIRECTIVE', 'DOCUMENT-START', 'STREAM-END'].includes(t.type)) {
      if (!this.processDirectives()) return undefined;
      this.states.push('DOCUMENT_END');
      this.state = 'BLOCK_NODE';
      return 'DOCUMENT-START';
    }
    if (t.type !== 'STREAM-END') {
      if (!this.processDirectives()) return undefined;
      t = this.peek();
      if (!t) return undefined;
      if (t.type !== 'DOCUMENT-START') return this.fail('did not find expected <document start>', t.start);
      this.states.push('DOCUMENT_END');
      this.state = 'DOCUMENT_CONTENT';
      this.skip();
      return 'DOCUMENT-START';
    }
    this.state = 'END';
    this.skip();
    return 'STREAM-END';
  }

  private processDirectives(): boolean {
    let versionSeen = false;
    const handles = new Set<string>();
    for (;;) {
      const t = this.peek();
      if (!t) return false;
      if (t.type === 'VERSION-DIRECTIVE') {
        if (versionSeen) return this.fail('found duplicate %YAML directive', t.start) ?? false;
        versionSeen = true;
      } else if (t.type === 'TAG-DIRECTIVE') {
        if (handles.has(t.handle ?? '')) return this.fail('found duplicate %TAG directive', t.start) ?? false;
        handles.add(t.handle ?? '');
      } else break;
      this.skip();
    }
    this.tagHandles = new Set(['!', '!!', ...handles]);
    return true;
  }

  private node(block: boolean, indentless: boolean): EventType | undefined {
    let t = this.peek();
    if (!t) return undefined;
    if (t.type === 'ALIAS') {
      // The decoder resolves an alias as it meets it (decode.go parser.alias); the message has no line.
      if (!this.anchors.has(t.name ?? '')) {
        this.error = { kind: 'parser', problem: `unknown anchor '${t.name ?? ''}' referenced`, problemMark: { index: 0, line: 0, column: 0 }, at: t.start };
        return undefined;
      }
      this.state = this.pop();
      this.skip();
      return 'ALIAS';
    }
    let start = t.start;
    let properties = false;
    let handle: string | undefined;
    let tagMark: Mark | undefined;
    if (t.type === 'ANCHOR') {
      properties = true;
      this.anchors.add(t.name ?? '');
      this.skip();
      t = this.peek();
      if (!t) return undefined;
      if (t.type === 'TAG') {
        handle = t.handle ?? '';
        tagMark = t.start;
        this.skip();
        t = this.peek();
        if (!t) return undefined;
      }
    } else if (t.type === 'TAG') {
      properties = true;
      handle = t.handle ?? '';
      tagMark = t.start;
      start = t.start;
      this.skip();
      t = this.peek();
      if (!t) return undefined;
      if (t.type === 'ANCHOR') {
        this.anchors.add(t.name ?? '');
        this.skip();
        t = this.peek();
        if (!t) return undefined;
      }
    }
    if (handle !== undefined && handle !== '' && !this.tagHandles.has(handle)) {
      return this.fail('found undefined tag handle', tagMark!, 'while parsing a node', start);
    }
    if (indentless && t.type === 'BLOCK-ENTRY') {
      this.state = 'INDENTLESS_SEQUENCE_ENTRY';
      return 'SEQUENCE-START';
    }
    if (t.type === 'SCALAR') {
      this.state = this.pop();
      this.skip();
      return 'SCALAR';
    }
    if (t.type === 'FLOW-SEQUENCE-START') {
      this.state = 'FLOW_SEQUENCE_FIRST_ENTRY';
      return 'SEQUENCE-START';
    }
    if (t.type === 'FLOW-MAPPING-START') {
      this.state = 'FLOW_MAPPING_FIRST_KEY';
      return 'MAPPING-START';
    }
    if (block && t.type === 'BLOCK-SEQUENCE-START') {
      this.state = 'BLOCK_SEQUENCE_FIRST_ENTRY';
      return 'SEQUENCE-START';
    }
    if (block && t.type === 'BLOCK-MAPPING-START') {
      this.state = 'BLOCK_MAPPING_FIRST_KEY';
      return 'MAPPING-START';
    }
    if (properties) {
      this.state = this.pop();
      return 'SCALAR';
    }
    return this.fail('did not find expected node content', t.start, block ? 'while parsing a block node' : 'while parsing a flow node', start);
  }

  private blockSequenceEntry(first: boolean): EventType | undefined {
    if (first) {
      this.marks.push(this.peek()!.start);
      this.skip();
    }
    let t = this.peek();
    if (!t) return undefined;
    if (t.type === 'BLOCK-ENTRY') {
      this.skip();
      t = this.peek();
      if (!t) return undefined;
      if (t.type !== 'BLOCK-ENTRY' && t.type !== 'BLOCK-END') {
        this.states.push('BLOCK_SEQUENCE_ENTRY');
        return this.node(true, false);
      }
      this.state = 'BLOCK_SEQUENCE_ENTRY';
      return 'SCALAR';
    }
    if (t.type === 'BLOCK-END') {
      this.state = this.pop();
      this.marks.pop();
      this.skip();
      return 'SEQUENCE-END';
    }
    const context = this.marks.pop()!;
    return this.fail("did not find expected '-' indicator", t.start, 'while parsing a block collection', context);
  }

  private indentlessSequenceEntry(): EventType | undefined {
    let t = this.peek();
    if (!t) return undefined;
    if (t.type === 'BLOCK-ENTRY') {
      this.skip();
      t = this.peek();
      if (!t) return undefined;
      if (!['BLOCK-ENTRY', 'KEY', 'VALUE', 'BLOCK-END'].includes(t.type)) {
        this.states.push('INDENTLESS_SEQUENCE_ENTRY');
        return this.node(true, false);
      }
      this.state = 'INDENTLESS_SEQUENCE_ENTRY';
      return 'SCALAR';
    }
    this.state = this.pop();
    return 'SEQUENCE-END';
  }

  private blockMappingKey(first: boolean): EventType | undefined {
    if (first) {
      this.marks.push(this.peek()!.start);
      this.skip();
    }
    let t = this.peek();
    if (!t) return undefined;
    if (t.type === 'KEY') {
      this.skip();
      t = this.peek();
      if (!t) return undefined;
      if (!['KEY', 'VALUE', 'BLOCK-END'].includes(t.type)) {
        this.states.push('BLOCK_MAPPING_VALUE');
        return this.node(true, true);
      }
      this.state = 'BLOCK_MAPPING_VALUE';
      return 'SCALAR';
    }
    if (t.type === 'BLOCK-END') {
      this.state = this.pop();
      this.marks.pop();
      this.skip();
      return 'MAPPING-END';
    }
    const context = this.marks.pop()!;
    return this.fail('did not find expected key', t.start, 'while parsing a block mapping', context);
  }

  private blockMappingValue(): EventType | undefined {
    let t = this.peek();
    if (!t) return undefined;
    if (t.type === 'VALUE') {
      this.skip();
      t = this.peek();
      if (!t) return undefined;
      if (!['KEY', 'VALUE', 'BLOCK-END'].includes(t.type)) {
        this.states.push('BLOCK_MAPPING_KEY');
        return this.node(true, true);
      }
    }
    this.state = 'BLOCK_MAPPING_KEY';
    return 'SCALAR';
  }

  /**
   * The opening shared by flow sequence and flow mapping entries: on the first entry remember
   * where the collection started and step over its bracket; after an entry, require a `,` and
   * step over it. Returns the token the entry starts with (or the closing bracket); undefined on
   * error.
   */
  private flowEntryStart(first: boolean, end: TokenType, closer: string, context: string): Token | undefined {
    if (first) {
      this.marks.push(this.peek()!.start);
      this.skip();
    }
    const t = this.peek();
    if (!t || first || t.type === end) return t;
    if (t.type !== 'FLOW-ENTRY') return this.fail(`did not find expected ',' or '${closer}'`, t.start, context, this.marks.pop()!);
    this.skip();
    return this.peek();
  }

  private flowSequenceEntry(first: boolean): EventType | undefined {
    const t = this.flowEntryStart(first, 'FLOW-SEQUENCE-END', ']', 'while parsing a flow sequence');
    if (!t) return undefined;
    if (t.type === 'KEY') {
      this.state = 'FLOW_SEQUENCE_ENTRY_MAPPING_KEY';
      this.skip();
      return 'MAPPING-START';
    }
    if (t.type !== 'FLOW-SEQUENCE-END') {
      this.states.push('FLOW_SEQUENCE_ENTRY');
      return this.node(false, false);
    }
    this.state = this.pop();
    this.marks.pop();
    this.skip();
    return 'SEQUENCE-END';
  }

  private flowSequenceEntryMappingKey(): EventType | undefined {
    const t = this.peek();
    if (!t) return undefined;
    if (!['VALUE', 'FLOW-ENTRY', 'FLOW-SEQUENCE-END'].includes(t.type)) {
      this.states.push('FLOW_SEQUENCE_ENTRY_MAPPING_VALUE');
      return this.node(false, false);
    }
    this.skip();
    this.state = 'FLOW_SEQUENCE_ENTRY_MAPPING_VALUE';
    return 'SCALAR';
  }

  private flowSequenceEntryMappingValue(): EventType | undefined {
    let t = this.peek();
    if (!t) return undefined;
    if (t.type === 'VALUE') {
      this.skip();
      t = this.peek();
      if (!t) return undefined;
      if (t.type !== 'FLOW-ENTRY' && t.type !== 'FLOW-SEQUENCE-END') {
        this.states.push('FLOW_SEQUENCE_ENTRY_MAPPING_END');
        return this.node(false, false);
      }
    }
    this.state = 'FLOW_SEQUENCE_ENTRY_MAPPING_END';
    return 'SCALAR';
  }

  private flowMappingKey(first: boolean): EventType | undefined {
    const t = this.flowEntryStart(first, 'FLOW-MAPPING-END', '}', 'while parsing a flow mapping');
    if (!t) return undefined;
    if (t.type === 'KEY') {
      this.skip();
      const next = this.peek();
      if (!next) return undefined;
      if (!['VALUE', 'FLOW-ENTRY', 'FLOW-MAPPING-END'].includes(next.type)) {
        this.states.push('FLOW_MAPPING_VALUE');
        return this.node(false, false);
      }
      this.state = 'FLOW_MAPPING_VALUE';
      return 'SCALAR';
    }
    if (t.type !== 'FLOW-MAPPING-END') {
      this.states.push('FLOW_MAPPING_EMPTY_VALUE');
      return this.node(false, false);
    }
    this.state = this.pop();
    this.marks.pop();
    this.skip();
    return 'MAPPING-END';
  }

  private flowMappingValue(empty: boolean): EventType | undefined {
    let t = this.peek();
    if (!t) return undefined;
    if (empty) {
      this.state = 'FLOW_MAPPING_KEY';
      return 'SCALAR';
    }
    if (t.type === 'VALUE') {
      this.skip();
      t = this.peek();
      if (!t) return undefined;
      if (t.type !== 'FLOW-ENTRY' && t.type !== 'FLOW-MAPPING-END') {
        this.states.push('FLOW_MAPPING_KEY');
        return this.node(false, false);
      }
    }
    this.state = 'FLOW_MAPPING_KEY';
    return 'SCALAR';
  }
}

/** go-yaml's `parser.fail` wording: `line N: <problem>`, or just the problem (no `yaml: `). */
export function failMessage(e: YamlError): string {
  let line = 0;
  if (e.problemMark.line !== 0) {
    line = e.problemMark.line;
    if (e.kind === 'scanner') line++;
  } else if (e.contextMark && e.contextMark.line !== 0) {
    line = e.contextMark.line;
  }
  return `${line !== 0 ? `line ${line}: ` : ''}${e.problem || 'unknown problem parsing YAML content'}`;
}

/**
 * What `yaml.Unmarshal` (go-yaml v2) says about a chunk's syntax: undefined when its first
 * document parses, else the error. Only the first document is read, as Unmarshal does.
 */
export function firstDocumentError(text: string): YamlError | undefined {
  const parser = new Parser(new Scanner(text));
  let depth = 0;
  let started = false;
  for (;;) {
    const e = parser.next();
    if (e === undefined) return parser.error;
    if (e === 'STREAM-END') return undefined;
    if (e === 'DOCUMENT-START') started = true;
    else if (e === 'MAPPING-START' || e === 'SEQUENCE-START') depth++;
    else if (e === 'MAPPING-END' || e === 'SEQUENCE-END') depth--;
    else if (e === 'DOCUMENT-END' && started && depth === 0) {
      // Unmarshal's parser.document expects the DOCUMENT-END event and is done.
      return undefined;
    }
  }
}
