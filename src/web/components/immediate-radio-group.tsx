import { type ReactNode, useState } from 'react';
import { LabelledFieldset } from '@web/components/labelled-fieldset';
import { SaveStatus } from '@web/components/save-status';
import { HintedRadioOption } from '@web/components/ui/check-option';
import { type SaveOutcome, useSaveStatus } from '@web/components/use-save-status';

interface ImmediateRadioGroupProps<Choice extends string> {
  legend: ReactNode;
  /** The radios' shared name, so that arrows move the choice within the group. */
  name: string;
  choices: readonly Choice[];
  /** The stored choice; a change of it (another device, a save) replaces the one shown. */
  saved: Choice;
  label: (choice: Choice) => ReactNode;
  hint: (choice: Choice) => ReactNode;
  /** Saves a choice, with its toasts; a refusal's reason puts the saved choice back and shows beside the group. */
  save: (choice: Choice) => SaveOutcome;
}

/**
 * A group of exclusive choices, each with a line that explains it, saved as soon as one is chosen: the choice shows at
 * once and stays while it is saved, 'Guardado' (or the refusal) under it; a refusal puts the saved one back. The shown
 * choice is state of its own: a controlled radio that waited for the save to start would go back in between.
 */
export function ImmediateRadioGroup<Choice extends string>({ legend, name, choices, saved, label, hint, save }: ImmediateRadioGroupProps<Choice>) {
  const [chosen, setChosen] = useState(saved);
  const [seen, setSeen] = useState(saved);
  const status = useSaveStatus();
  if (saved !== seen) {
    setSeen(saved);
    setChosen(saved);
  }
  const choose = (choice: Choice) => {
    setChosen(choice);
    // A later choice, still being saved, stays shown when an earlier one is refused.
    const outcome = save(choice);
    status.track(outcome);
    void outcome.then((refusal) => {
      if (refusal !== null) setChosen((shown) => (shown === choice ? saved : shown));
    });
  };
  return (
    <LabelledFieldset legend={legend} legendClassName="text-sm font-medium" className="grid gap-2">
      {choices.map((choice) => (
        <HintedRadioOption
          key={choice}
          name={name}
          value={choice}
          checked={chosen === choice}
          onChange={() => choose(choice)}
          label={label(choice)}
          hint={hint(choice)}
        />
      ))}
      <SaveStatus state={status.state} error={status.error} />
    </LabelledFieldset>
  );
}
