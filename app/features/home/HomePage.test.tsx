import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, testUser } from '#app/test/render.tsx';
import { HomePage } from './HomePage.tsx';

describe('HomePage', () => {
  it('invites a visitor to sign up through the #sign-in dialog', () => {
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Real people, live on camera');
    expect(screen.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/#sign-in');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('heading', { name: 'Private chat' })).toBeInTheDocument();
    expect(document.title).toBe('Live cams · LiveCam');
  });

  it('greets a member and links the profile', () => {
    renderWithProviders(<HomePage />, { user: testUser() });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Nick!');
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute('href', '/users/profile');
    expect(screen.queryByRole('link', { name: 'Sign up free' })).not.toBeInTheDocument();
  });

  it('speaks German', () => {
    renderWithProviders(<HomePage />, { lang: 'de' });
    expect(screen.getByRole('heading', { name: 'Was Sie hier erwartet' })).toBeInTheDocument();
  });
});
