import { useState, type ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { loginMessages } from '@shared/staff-messages/login';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';

/** A password field with a button that shows or hides what was typed; pass it an id for its <label>. */
export function PasswordInput({ className, id, ...props }: Omit<ComponentProps<'input'>, 'type'> & { id: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        id={id}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cn('pr-11', className)}
        {...props}
      />
      <Button
        variant="ghost"
        size="icon"
        className="absolute right-0 top-0 rounded-l-none text-muted-foreground hover:text-foreground"
        aria-controls={id}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        {/* Named by text rather than aria-label, so that finding the field by its label finds only the field. */}
        <span className="sr-only">{visible ? loginMessages.hidePassword : loginMessages.showPassword}</span>
      </Button>
    </div>
  );
}
