/**
 * Tooltips and popups made on first use. A list page draws hundreds of rows with several tooltips
 * each (the star, the owners, the dates, the row actions); an antd Tooltip costs about a millisecond
 * to render and mount, and almost none of them is ever shown. These draw their child alone until
 * the pointer rests on it (or it is clicked, for a popup opened by a click), then the real antd
 * component, already open: what the user sees on hover is the same.
 */
import {
  cloneElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { Tooltip } from 'antd';

/** antd's default delay before a hover tooltip opens (mouseEnterDelay), in ms. */
const HOVER_DELAY_MS = 100;

type ChildProps = {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
};

interface LazyPopupProps {
  /** The element the popup belongs to (one element that takes mouse handlers, as antd needs too). */
  children: ReactElement<ChildProps>;
  /** The real popup around `child`, drawn open: e.g. `<Tooltip title=… defaultOpen>{child}</Tooltip>`. */
  popup: (child: ReactElement<ChildProps>) => ReactElement;
  /** What makes it: resting the pointer on the child (a tooltip), or a click (a confirm). */
  on?: 'hover' | 'click';
}

/**
 * A popup made the first time it is wanted. Its child is drawn anew inside the popup then, so a
 * child that had the keyboard focus gets it back.
 */
export function LazyPopup({ children, popup, on = 'hover' }: LazyPopupProps) {
  const [made, setMade] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const refocus = useRef(false);
  const node = useRef<HTMLElement>(null);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useLayoutEffect(() => {
    if (!made || !refocus.current) return;
    refocus.current = false;
    node.current?.focus();
  }, [made]);

  // (a ref the child had is replaced: none of the callers gives one)
  if (made) return popup(cloneElement(children, { ref: node }));
  const props = children.props;
  const make = (target: HTMLElement) => {
    refocus.current = target.contains(document.activeElement);
    setMade(true);
  };
  if (on === 'click') {
    return cloneElement(children, {
      onClick: (event: MouseEvent<HTMLElement>) => {
        props.onClick?.(event);
        make(event.currentTarget);
      },
    });
  }
  return cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      props.onMouseEnter?.(event);
      const target = event.currentTarget;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => make(target), HOVER_DELAY_MS);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      props.onMouseLeave?.(event);
      window.clearTimeout(timer.current);
    },
  });
}

/**
 * An antd Tooltip on hover, made the first time the pointer rests on its child. Other props (the
 * handlers and ref an outer popup such as a Popconfirm gives it) go on to the child.
 */
export function LazyTooltip({
  title,
  children,
  ...passed
}: { title: ReactNode; children: ReactElement<ChildProps> } & Record<string, unknown>) {
  const child = Object.keys(passed).length ? cloneElement(children, chained(children.props, passed)) : children;
  if (title === undefined || title === null || title === '') return child;
  return (
    <LazyPopup
      popup={(tipped) => (
        <Tooltip title={title} defaultOpen>
          {tipped}
        </Tooltip>
      )}
    >
      {child}
    </LazyPopup>
  );
}

/** `outer`'s props on the child: its handlers called after the child's own, the rest (a ref, a class) as given. */
function chained(own: Record<string, unknown>, outer: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(outer)) {
    const mine = own[key];
    if (key === 'className' && typeof mine === 'string') {
      out[key] = [mine, value].filter(Boolean).join(' ');
      continue;
    }
    out[key] =
      /^on[A-Z]/.test(key) && typeof mine === 'function' && typeof value === 'function'
        ? (...args: unknown[]) => {
            mine(...args);
            value(...args);
          }
        : value;
  }
  return out;
}
