"""The table hub: dice buttons, turn LEDs and the OLED sun track."""
